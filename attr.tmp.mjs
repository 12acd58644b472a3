import fs from "node:fs";
import { SourceMapConsumer } from "source-map-js";
import { gzipSync } from "node:zlib";
const file = process.argv[2];
const code = fs.readFileSync(file, "utf8");
const map = JSON.parse(fs.readFileSync(file + ".map", "utf8"));
const smc = new SourceMapConsumer(map);
const lines = code.split("\n");
const bySrc = {};
const chunks = {};
smc.eachMapping((m) => {}, null);
// attribute each char to the last mapping before it
const mappings = [];
smc.eachMapping((m) => mappings.push(m));
mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
for (let i=0;i<mappings.length;i++){
  const m=mappings[i], n=mappings[i+1];
  const line = lines[m.generatedLine-1];
  let text;
  if (n && n.generatedLine===m.generatedLine) text=line.slice(m.generatedColumn,n.generatedColumn);
  else text=line.slice(m.generatedColumn);
  const src=(m.source||"?").replace(/.*node_modules\//,"nm:").replace(/.*\/app\//,"app/");
  chunks[src]=(chunks[src]||"")+text;
}
const rows=Object.entries(chunks).map(([s,t])=>[s,t.length,gzipSync(t).length]).sort((a,b)=>b[2]-a[2]);
let tot=0; for(const r of rows) tot+=r[2];
for (const r of rows.slice(0,+process.argv[3]||30)) console.log(String(r[2]).padStart(7), String(r[1]).padStart(8), r[0]);
console.log("sum gz (separately)", tot);
