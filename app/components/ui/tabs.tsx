import { createContext, useContext, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";

// WAI-ARIA tabs: arrow keys move between tabs (roving tabindex), Home/End jump to the ends.
// Every panel stays in the HTML (inactive ones are `hidden`), so search engines read them all.

type TabsState = { value: string; select: (v: string) => void; id: string };
const TabsContext = createContext<TabsState | null>(null);
const useTabs = () => {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("Tabs parts must be inside <Tabs>");
  return ctx;
};

type TabsProps = {
  defaultValue: string;
  value?: string;
  onValueChange?: (v: string) => void;
  children: ReactNode;
  className?: string;
};

export function Tabs({ defaultValue, value, onValueChange, children, className }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const id = useId();
  const current = value ?? own;
  const select = (v: string) => {
    setOwn(v);
    onValueChange?.(v);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, id }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({
  children,
  className,
  "aria-label": label,
}: {
  children: ReactNode;
  className?: string;
  "aria-label": string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    tab.focus();
    tab.click();
  };
  return (
    <div
      ref={ref}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("flex gap-1 rounded-full bg-cream p-1", className)}
    >
      {children}
    </div>
  );
}

/** A tab or its panel, joined by `value`. */
type TabPartProps = { value: string; children: ReactNode; className?: string };

export function TabsTrigger({ value, children, className }: TabPartProps) {
  const { value: current, select, id } = useTabs();
  const active = current === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={active}
      aria-controls={`${id}-panel-${value}`}
      tabIndex={active ? 0 : -1}
      onClick={() => select(value)}
      // `.tab` in app.css, styled by its aria-selected.
      className={cn("tab", className)}
    >
      {children}
    </button>
  );
}

export function TabsContent({ value, children, className }: TabPartProps) {
  const { value: current, id } = useTabs();
  return (
    <div
      role="tabpanel"
      id={`${id}-panel-${value}`}
      aria-labelledby={`${id}-tab-${value}`}
      hidden={current !== value}
      tabIndex={0}
      className={cn("tab-panel", className)}
    >
      {children}
    </div>
  );
}
