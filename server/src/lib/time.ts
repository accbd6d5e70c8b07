const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD HH:mm:ss" in the server's time zone, the date-time text the spec shows. */
export function formatDateTime(d: Date | string | null | undefined): string | undefined {
  if (!d) return undefined;
  const t = typeof d === "string" ? new Date(d) : d;
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}
