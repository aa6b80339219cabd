/** The five steps from an order to the customer's car or door (About and How It Works pages). */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Order from a partner retailer',
    text: 'Shop online at any of our 250+ partner retailers and choose in-store pickup at checkout.',
  },
  {
    title: 'Schedule your delivery',
    text: 'Tell us the store and order number, then pick curbside delivery to your car or same-day delivery to your door, ASAP or in a time window.',
  },
  {
    title: 'We collect your order',
    text: 'When the store has your order ready, a CurbRun driver or robot picks it up for you.',
  },
  {
    title: 'Track it live',
    text: 'Follow every step on the map with live GPS tracking, from Pickup Confirmed to Delivered.',
  },
  {
    title: 'Receive it securely',
    text: 'Open the robot compartment at your car with your 4-digit PIN, or get photo or signature proof of delivery at your door.',
  },
] as const;

/** The checkpoints every delivery passes, as tracking shows them. */
export const DELIVERY_CHECKPOINTS = [
  {
    title: 'Pickup Confirmed',
    text: 'The store has your order ready and a driver or robot has it.',
  },
  { title: 'En Route', text: 'Your order is on its way, followed live by GPS.' },
  { title: 'Arriving', text: 'Your driver or robot is minutes away.' },
  { title: 'Delivered', text: 'Your order is in your hands, with proof of delivery.' },
] as const;
