import type { ReactNode } from "react";
import { Panel } from "~/components/back-office/page";
import {
  ArrowDown,
  ArrowUp,
  Eye,
  Globe,
  Heart,
  Mail,
  Percent,
  Search,
  type Icon,
} from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import {
  axisScale,
  change,
  conversion,
  conversionNote,
  shortDay,
  type DailyPoint,
  type Insights,
  type SearchTermCount,
} from "~/lib/insights";

// The insights of the manager and admin dashboards (issue 23, ADR 029): five figures of the last
// 30 days against the 30 before, a chart of daily views and inquiries drawn as plain SVG by the
// server (no chart library), and the search words that led to the venues.

const number = (n: number) => n.toLocaleString("en-US");
/** A scale's number in at most four characters: 2.5K. */
const compact = (n: number) => n.toLocaleString("en-US", { notation: "compact" });
const rate = (n: number | null) => (n === null ? "–" : n.toFixed(1));

export function InsightsPanel({
  insights,
  id,
  title = "Insights",
  controls,
  searchEmpty,
}: {
  insights: Insights;
  id: string;
  title?: string;
  /** Beside the title: what the figures are for (the manager's venue picker). */
  controls?: ReactNode;
  searchEmpty: string;
}) {
  const { current, previous, periods } = insights;
  const figures: FigureData[] = [
    { key: "views", label: "Views", icon: Eye, now: current.views, before: previous.views },
    { key: "saves", label: "Saves", icon: Heart, now: current.saves, before: previous.saves },
    { key: "inquiries", label: "Inquiries", icon: Mail, now: current.inquiries, before: previous.inquiries },
    {
      key: "conversion",
      label: "Conversion",
      icon: Percent,
      now: conversion(current),
      before: conversion(previous),
      unit: conversionNote(current) ?? "inquiries per 100 views",
    },
    {
      key: "website-clicks",
      label: "Website clicks",
      icon: Globe,
      now: current.websiteClicks,
      before: previous.websiteClicks,
    },
  ];
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Last 30 days ({shortDay(periods.current.from)} – {shortDay(periods.current.to)}), against the 30
            days before.
          </p>
        </div>
        {controls}
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-label="Last 30 days">
        {figures.map((f, i) => (
          <Figure key={f.key} figure={f} wide={i === figures.length - 1} />
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel className="p-4 sm:p-6" labelledBy={`${id}-chart`}>
          <DailyChart id={`${id}-chart`} daily={insights.daily} />
        </Panel>
        <Panel className="p-4 sm:p-6" labelledBy={`${id}-terms`}>
          <SearchTerms id={`${id}-terms`} terms={insights.searchTerms} empty={searchEmpty} />
        </Panel>
      </div>
    </section>
  );
}

type FigureData = {
  key: string;
  label: string;
  icon: Icon;
  now: number | null;
  before: number | null;
  /** A rate, shown to one decimal, with its unit under it. */
  unit?: string;
};

/** `wide`: the odd last card spans both columns of a phone's grid. */
function Figure({
  figure: { key, label, icon: Icon, now, before, unit },
  wide,
}: {
  figure: FigureData;
  wide: boolean;
}) {
  const moved = change(now, before);
  const show = unit ? rate : (n: number | null) => number(n ?? 0);
  const Arrow = moved.direction === "up" ? ArrowUp : moved.direction === "down" ? ArrowDown : null;
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-2xl border border-sand bg-white p-4 shadow-card sm:p-5",
        wide && "col-span-2 lg:col-span-1",
      )}
    >
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-ink-soft">
        {label}
        <Icon className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
      </span>
      <span className="font-serif text-3xl text-ink" data-testid={`insight-${key}`}>
        {show(now)}
      </span>
      {unit ? <span className="-mt-1.5 text-xs text-muted">{unit}</span> : null}
      <span
        className={cn(
          "mt-auto flex flex-wrap items-center gap-x-1 text-xs",
          moved.direction === "up"
            ? "text-primary"
            : moved.direction === "down"
              ? "text-accent"
              : "text-muted",
        )}
      >
        {Arrow ? <Arrow className="h-3.5 w-3.5" aria-hidden="true" /> : null}
        <span className="font-semibold">{moved.label}</span>
        <span className="text-muted">
          {before === null ? "(no views before)" : `from ${show(before)}`}
          <span className="sr-only"> in the 30 days before</span>
        </span>
      </span>
    </li>
  );
}

// The chart has no viewBox: its width is the panel's, horizontal positions are percentages and
// vertical ones pixels, so its text keeps the page's size on a phone and on a desktop alike.
const PLOT = { top: 16, height: 168 };
/** Percent of the width on either side of the days, for the scales' numbers. */
const MARGIN = 6;
const HEIGHT = PLOT.top + PLOT.height + 28;

function DailyChart({ id, daily }: { id: string; daily: DailyPoint[] }) {
  const views = axisScale(Math.max(0, ...daily.map((d) => d.views)));
  const inquiries = axisScale(Math.max(0, ...daily.map((d) => d.inquiries)));
  // The days fill the middle, leaving each scale's numbers a margin of their own.
  const slot = (100 - 2 * MARGIN) / daily.length;
  const x = (i: number) => `${MARGIN + (i + 0.5) * slot}%`;
  const y = (value: number, top: number) => PLOT.top + PLOT.height * (1 - value / top);
  const totals = daily.reduce(
    (t, d) => ({ views: t.views + d.views, inquiries: t.inquiries + d.inquiries }),
    {
      views: 0,
      inquiries: 0,
    },
  );
  const labelled = [0, 7, 14, 21, daily.length - 1];
  return (
    <figure className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={id} className="font-sans text-base font-semibold">
          Daily views and inquiries
        </h3>
        <p className="flex gap-4 text-xs text-ink-soft">
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm bg-primary/40" aria-hidden="true" /> Views (left scale)
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-1 w-4 rounded-full bg-accent" aria-hidden="true" /> Inquiries (right scale)
          </span>
        </p>
      </div>
      <svg
        width="100%"
        height={HEIGHT}
        role="img"
        aria-labelledby={`${id} ${id}-summary`}
        className="block overflow-visible text-[11px]"
      >
        <desc id={`${id}-summary`}>
          {`${number(totals.views)} views and ${number(totals.inquiries)} inquiries over 30 days; at most ${number(Math.max(...daily.map((d) => d.views)))} views and ${number(Math.max(...daily.map((d) => d.inquiries)))} inquiries in a day.`}
        </desc>
        {views.ticks.map((tick, i) => {
          const at = y(tick, views.top);
          return (
            <g key={tick}>
              <line
                x1={`${MARGIN}%`}
                x2={`${100 - MARGIN}%`}
                y1={at}
                y2={at}
                className="stroke-sand"
                strokeWidth={1}
              />
              <text x={`${MARGIN - 1}%`} y={at} dy="0.35em" textAnchor="end" className="fill-muted">
                {compact(tick)}
              </text>
              <text x={`${101 - MARGIN}%`} y={at} dy="0.35em" className="fill-accent">
                {compact(inquiries.ticks[i]!)}
              </text>
            </g>
          );
        })}
        {daily.map((d, i) => (
          <rect
            key={d.day}
            x={`${MARGIN + (i + 0.2) * slot}%`}
            width={`${slot * 0.6}%`}
            y={y(d.views, views.top)}
            height={PLOT.height * (d.views / views.top)}
            rx={2}
            className="fill-primary/40"
          />
        ))}
        {daily.slice(1).map((d, i) => (
          <line
            key={d.day}
            x1={x(i)}
            x2={x(i + 1)}
            y1={y(daily[i]!.inquiries, inquiries.top)}
            y2={y(d.inquiries, inquiries.top)}
            className="stroke-accent"
            strokeWidth={2}
            strokeLinecap="round"
          />
        ))}
        {daily.map((d, i) =>
          d.inquiries > 0 ? (
            <circle key={d.day} cx={x(i)} cy={y(d.inquiries, inquiries.top)} r={3} className="fill-accent" />
          ) : null,
        )}
        {labelled.map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-muted">
            {shortDay(daily[i]!.day)}
          </text>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
          The figures day by day
        </summary>
        <div className="mt-2">
          <table className="w-full text-left">
            <thead className="text-xs text-muted">
              <tr>
                {["Day", "Views", "Inquiries"].map((name, i) => (
                  <th key={name} scope="col" className={cn("py-1 font-medium", i > 0 && "text-right")}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand">
              {daily.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="py-1 font-normal">
                    {shortDay(d.day)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{number(d.views)}</td>
                  <td className="py-1 text-right tabular-nums">{number(d.inquiries)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function SearchTerms({ id, terms, empty }: { id: string; terms: SearchTermCount[]; empty: string }) {
  const most = Math.max(1, ...terms.map((t) => t.views));
  return (
    <div className="space-y-3">
      <h3 id={id} className="flex items-center gap-2 font-sans text-base font-semibold">
        <Search className="h-4 w-4 text-primary" aria-hidden="true" /> Top search terms
      </h3>
      {terms.length === 0 ? (
        <p className="text-sm text-ink-soft">{empty}</p>
      ) : (
        <ol className="space-y-2" aria-label="Search terms, most views first">
          {terms.map((t) => (
            <li key={t.term} className="text-sm">
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words">{t.term}</span>
                <span className="shrink-0 text-xs text-muted tabular-nums">
                  {number(t.views)} {t.views === 1 ? "view" : "views"}
                </span>
              </span>
              <span className="mt-1 block h-1.5 rounded-full bg-cream" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-primary/60"
                  style={{ width: `${(t.views / most) * 100}%` }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
