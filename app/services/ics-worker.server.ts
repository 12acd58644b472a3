// The worker thread that reads .ics files (started by services/ics-import.server.ts, with its
// heap and time limits): one file per message, answered with its outcome. `npm run build` bundles
// it to build/server/ics-worker.js, beside the server build (scripts/build-server.ts).
import { parentPort } from "node:worker_threads";
import { readIcs } from "./ics-import.server";

const port = parentPort!;
port.on("message", ({ text, today }: { text: string; today: string }) =>
  port.postMessage(readIcs(text, today)),
);
// Ready: the time limit of the first file starts now, not while the worker was loading.
port.postMessage("ready");
