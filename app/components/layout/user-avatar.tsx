export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() ||
    "?"
  );
}

/** The avatar image, or the name's initials on a coloured circle. */
export function UserAvatar({ name, url, size = 32 }: { name: string; url: string | null; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      style={style}
      className="shrink-0 rounded-full object-cover"
    />
  ) : (
    <span aria-hidden="true" style={style} className="avatar">
      {initials(name)}
    </span>
  );
}
