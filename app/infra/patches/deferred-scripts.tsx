import { Children, Fragment, cloneElement, isValidElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type AnyProps = Record<string, unknown> & { children?: ReactNode };

/**
 * A patch of react-router@7.18.4's <Scripts> (pinned exactly): it reshapes what <Scripts> renders,
 * so tests/integration/page-cache.test.ts ("a page's scripts (ADR 017)") pins that shape and fails
 * if a release changes it. Isomorphic, unlike the rest of infra: the root layout renders it.
 *
 * React Router's <Scripts>, started after the first paint (ADR 017). <Scripts> puts some 30 module
 * preloads in the head and a module script that hydrates as soon as they arrive: on a phone they take
 * the first bytes from the stylesheet, the fonts and the largest image, and hydration takes the main
 * thread from the first paint. Here the module script and its preloads are added by a small inline
 * script when the browser reports the first contentful paint (two animation frames later where it
 * can't), so the server HTML paints with its CSS, fonts and images alone; the hydration data
 * (`window.__reactRouterContext`) is still set up in place, as the streamed chunks expect.
 */
export function DeferredScripts(props: ScriptsProps) {
  // Called as a function: its hooks run as this component's, and its elements are reshaped below.
  const tree = Scripts(props) as ReturnType<typeof Scripts> | null;
  if (!isValidElement<AnyProps>(tree)) return null;

  const preloads: string[] = [];
  let start = "";
  const kept: ReactNode[] = [];
  const visit = (nodes: ReactNode) =>
    Children.forEach(nodes, (node) => {
      if (!isValidElement<AnyProps>(node)) return;
      const { rel, href, type, dangerouslySetInnerHTML } = node.props;
      if (node.type === Fragment) visit(node.props.children);
      else if (node.type === "link" && rel === "modulepreload") preloads.push(String(href));
      else if (node.type === "script" && type === "module")
        start = (dangerouslySetInnerHTML as { __html: string }).__html;
      else kept.push(cloneElement(node, { key: kept.length }));
    });
  visit(tree.props.children);

  return (
    <>
      {kept}
      {/* The module script as React Router wrote it, inert here (it imports the route manifest's
          file: ADR 035). */}
      <script type="text/plain" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: start }} />
      <script
        nonce={props?.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: loader(preloads) }}
      />
    </>
  );
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script that adds the preloads and the module script once the page has painted, each
 * in a task of its own: starting a request takes a phone a few milliseconds, and seven in one task
 * made a long one.
 */
function loader(preloads: string[]): string {
  return `(function(){var d=document,c=d.currentScript,n=c.nonce,m=c.previousElementSibling.textContent,done=0;
function go(){if(done)return;done=1;
${json(preloads)}.forEach(function(h){setTimeout(function(){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)})});
setTimeout(function(){var s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=m;d.head.appendChild(s)})}
var t=PerformanceObserver.supportedEntryTypes||[];
if(t.indexOf("paint")>=0)new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});
else requestAnimationFrame(function(){requestAnimationFrame(go)})})()`;
}
