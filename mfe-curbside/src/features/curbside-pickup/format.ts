/** Time of day as the person's locale writes it: "3:45 PM". */
export function timeOfDay(iso: string, withSeconds = false): string {
  return new Date(iso).toLocaleTimeString([], {
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}
