// A small load balancer for tests/integration/several-servers.test.ts: each request goes to the
// next server in turn, once. Nothing is retried, so a request that fails shows what the failure of
// its server cost. It records every request: the server it went to and whether it was answered.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";

export type Upstream = { name: string; port: number };

export type ProxiedRequest = {
  upstream: string;
  method: string;
  url: string;
  /** "in flight" until the upstream's whole answer was passed on, or it failed. */
  outcome: "in flight" | "answered" | "failed";
  status?: number;
};

// Hop-by-hop headers belong to one connection, not to the request passed on.
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

export async function startRoundRobinProxy() {
  let upstreams: Upstream[] = [];
  let turn = 0;
  const requests: ProxiedRequest[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let watcher: ((request: ProxiedRequest) => void) | undefined;

  const server = http.createServer((req, res) => {
    const upstream = upstreams[turn++ % upstreams.length]!;
    const entry: ProxiedRequest = {
      upstream: upstream.name,
      method: req.method!,
      url: req.url!,
      outcome: "in flight",
    };
    requests.push(entry);
    watcher?.(entry);
    const fail = () => {
      if (entry.outcome !== "in flight") return;
      entry.outcome = "failed";
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway");
    };
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const outgoing = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: {
          ...withoutHopByHop(req.headers),
          "x-forwarded-for": forwardedFor,
          "x-forwarded-proto": "http",
        },
      },
      (answer) => {
        entry.status = answer.statusCode;
        res.writeHead(answer.statusCode!, withoutHopByHop(answer.headers));
        pipeline(answer, res, (err) => {
          if (err) fail();
          else entry.outcome = "answered";
        });
      },
    );
    outgoing.on("error", fail);
    pipeline(req, outgoing, (err) => err && fail());
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The servers taking requests, in turn from the next request on. */
    route(to: Upstream[]) {
      upstreams = to;
    },
    /** Calls `listener` as each request is sent on (after it was routed), until unset. */
    watch(listener: typeof watcher) {
      watcher = listener;
    },
    inFlight: (name: string) => requests.filter((r) => r.upstream === name && r.outcome === "in flight"),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
