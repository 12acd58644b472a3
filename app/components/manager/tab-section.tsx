import { useId, type ReactNode } from "react";
import { Panel } from "~/components/back-office/page";

/** A tab of the manager's venue page: a panel named by its heading, a line about it, its action. */
export function TabSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Panel labelledBy={`${id}-title`} className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </Panel>
  );
}
