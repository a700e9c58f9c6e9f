const pad = (n: number) => String(n).padStart(2, '0');

/** A unix time (seconds) as `YYYY-MM-DD HH:mm:ss` in the browser's time zone, like the server's formatted times. */
export function formatUnixTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
