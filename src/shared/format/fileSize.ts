export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Human file size, base 1024: 1536 -> "1.5 KB". Rounds to `decimals` places and then drops
 * trailing zeros (1024 -> "1 KB", not "1.00 KB"), like the classic formatBytes.
 * Sizes beyond YB stay in YB. Negative or non-finite input gives "0 Bytes".
 */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const places = Math.max(0, Math.floor(decimals));
  // Division by 1024 is exact, unlike log(bytes) / log(1024), which can land just under a power.
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  return `${parseFloat(value.toFixed(places))} ${FILE_SIZE_UNITS[index]}`;
}

/**
 * The size with the exact byte count beside it where the short form rounds: "1.21 KB (1'234 Bytes)",
 * but "20 Bytes" and "1 KB", which say it exactly already.
 */
export function formatFileSizeExact(bytes: number, decimals = 2): string {
  const short = formatFileSize(bytes, decimals);
  const [amount, unit] = short.split(' ');
  const exact = Number(amount) * 1024 ** FILE_SIZE_UNITS.indexOf(unit as (typeof FILE_SIZE_UNITS)[number]);
  return exact === bytes || !Number.isFinite(bytes) || bytes <= 0
    ? short
    : `${short} (${bytes.toLocaleString('de-CH')} Bytes)`;
}
