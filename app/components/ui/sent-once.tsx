import { createContext, use, useState, type ReactNode } from "react";

/** On the server, a page's values its loaders kept out of the hydration data (entry.server.tsx). */
export const SentOnceValues = createContext<ReadonlyMap<string, unknown> | null>(null);

/**
 * A part of a page drawn from `value`, which the page's hydration data leaves out when the loader
 * sent it with `sendOnce(context, id, …)` (ADR 052): the server draws it from the value kept aside,
 * and the browser keeps that HTML as it came (React leaves an element's `dangerouslySetInnerHTML`
 * alone while it hydrates) until data loaded later brings the value itself.
 */
export function SentOnce<T>({
  id,
  value,
  children,
}: {
  id: string;
  value: T | undefined;
  children: (value: T) => ReactNode;
}) {
  const kept = use(SentOnceValues);
  const [html] = useState(() =>
    value === undefined && typeof document !== "undefined"
      ? (document.getElementById(id)?.innerHTML ?? "")
      : "",
  );
  const shown = value !== undefined ? value : (kept?.get(id) as T | undefined);
  return shown === undefined ? (
    <div id={id} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div id={id}>{children(shown)}</div>
  );
}
