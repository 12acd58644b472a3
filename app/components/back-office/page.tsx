import { Button } from "~/components/ui/button";
import { IconButton } from "~/components/ui/icon-button";
import { Pencil, RefreshCw, Trash2 } from "~/components/ui/icons";
import { ScrollArea } from "~/components/back-office/scroll-area";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The heading row of every admin screen: title, a line about it, and its main actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl break-words">{title}</h1>
        {description ? <p className="mt-1 text-ink-soft">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A white panel holding a table, a list or a form (a named region when `labelledBy` is given). */
export function Panel({
  className,
  labelledBy,
  children,
}: {
  className?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  // A section only with a heading that names it; else a box (the Nu checker: "Section lacks heading").
  const Box = labelledBy ? "section" : "div";
  return (
    <Box
      aria-labelledby={labelledBy}
      className={cn("rounded-2xl border border-sand bg-white shadow-card", className)}
    >
      {children}
    </Box>
  );
}

/** An empty list: what is missing and, when there is one, the next step. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      {icon ? <div className="mb-3 text-muted">{icon}</div> : null}
      <h2 className="text-xl">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-ink-soft">{children}</div> : null}
    </div>
  );
}

/** A queue of cards, one per item, or `empty` in a panel when there is none. */
export function CardList<T extends { id: string }>({
  items,
  empty,
  label,
  children,
}: {
  items: T[];
  empty: ReactNode;
  label?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Panel>{empty}</Panel>;
  return (
    <ul className="space-y-5" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

const roleClass = {
  admin: "bg-primary text-white",
  venue_manager: "bg-accent text-white",
  user: "bg-cream text-ink-soft",
} as const;

export function RoleBadge({ role, label }: { role: keyof typeof roleClass; label: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        roleClass[role],
      )}
    >
      {label}
    </span>
  );
}

/** A column of an admin table: its heading, and classes for the heading cell (width, alignment). */
export type AdminColumn = { label: string; className?: string };

/** An admin list as a table: scrolls sideways on narrow screens (a region named `label`, ScrollArea),
 *  captioned for screen readers. */
export function AdminTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: ReactNode;
  columns: AdminColumn[];
  children: ReactNode;
}) {
  return (
    <ScrollArea label={label}>
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-sand bg-cream/60 text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn("px-5 py-3 font-medium", c.className)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand">{children}</tbody>
      </table>
    </ScrollArea>
  );
}

/** A list row's Edit and Delete icon buttons, named after the row for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <IconButton onClick={onEdit} label={`Edit ${name}`} title="Edit">
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton onClick={onDelete} label={`Delete ${name}`} title="Delete" tone="danger">
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </>
  );
}

const FAILED_ROW = "flex flex-wrap items-center justify-between gap-4 p-6";

function LoadFailedMessage({ message }: { message: string }) {
  return (
    <>
      <p role="alert" className="font-medium text-danger">
        {message}
      </p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" /> Retry
      </Button>
    </>
  );
}

/** A list that failed to load: the message, announced, and a Retry that reloads the page. */
export function LoadFailed({ message }: { message: string }) {
  return (
    <div className={FAILED_ROW}>
      <LoadFailedMessage message={message} />
    </div>
  );
}

/** LoadFailed as a panel of its own, in the danger colours. */
export function LoadFailedPanel({ message }: { message: string }) {
  return (
    <Panel className={cn(FAILED_ROW, "border-danger/30 bg-red-50")}>
      <LoadFailedMessage message={message} />
    </Panel>
  );
}
