/**
 * The widget's tag name, apart from the element itself: the checkout-widget page renders the tag on
 * the server too, where the element's class (`extends HTMLElement`) cannot even be evaluated.
 */
export const ELEMENT_NAME = 'curbrun-checkout';
