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
