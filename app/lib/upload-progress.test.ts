import { describe, expect, it } from "vitest";
import { fileProgress, multipartLayout } from "./upload-progress";

/** A form as the venue form sends it: fields first, then the photos and the logo. */
function venueForm() {
  const form = new FormData();
  form.append("name", "Aspen Meadow Barn");
  form.append("description", "A restored barn in a high meadow — with the Flatirons behind.");
  form.append("amenities", "WiFi");
  form.append(
    "images",
    new File([new Uint8Array(40_000).fill(0xf1)], "ceremony.jpg", { type: "image/jpeg" }),
  );
  form.append("images", new File([new Uint8Array(5_000).fill(0xf2)], "barn.jpg", { type: "image/jpeg" }));
  form.append("images", new File([], "empty.jpg", { type: "image/jpeg" }));
  form.append("logo", new File([new Uint8Array(900).fill(0xf3)], "logo.png", { type: "image/png" }));
  return form;
}

/** Where each file's bytes really are in the body the platform builds (undici's boundary differs). */
async function realBody(form: FormData) {
  const body = new Uint8Array(await new Response(form).arrayBuffer());
  const find = (byte: number, size: number) => {
    const start = body.indexOf(byte);
    expect(body.slice(start, start + size).every((b) => b === byte)).toBe(true);
    return start;
  };
  return { size: body.byteLength, starts: [find(0xf1, 40_000), find(0xf2, 5_000), find(0xf3, 900)] };
}

describe("multipartLayout", () => {
  it("places each file with bytes where the body really has it, in order", async () => {
    const form = venueForm();
    const layout = multipartLayout(form.entries());
    expect(layout.files.map((f) => [f.name, f.size])).toEqual([
      ["ceremony.jpg", 40_000],
      ["barn.jpg", 5_000],
      ["logo.png", 900],
    ]);
    const real = await realBody(form);
    // Only the boundary's length differs (a few bytes per part), and the real total rescales it.
    expect(Math.abs(layout.size - real.size)).toBeLessThan(8 * 20);
    const scale = real.size / layout.size;
    layout.files.forEach((f, i) => expect(Math.abs(f.start * scale - real.starts[i]!)).toBeLessThan(64));
  });
});

describe("fileProgress", () => {
  it("fills each file's bar as the bytes of its range go, and only then", async () => {
    const form = venueForm();
    const layout = multipartLayout(form.entries());
    const { size, starts } = await realBody(form);
    const [ceremony, barn, logo] = starts as [number, number, number];
    expect(fileProgress(layout, 0, size)).toEqual([0, 0, 0]);
    // Half of the first photo sent.
    const half = fileProgress(layout, ceremony + 20_000, size);
    expect(half[0]).toBeCloseTo(0.5, 2);
    expect(half.slice(1)).toEqual([0, 0]);
    // The first photo sent, the second just begun.
    const second = fileProgress(layout, barn + 50, size);
    expect(second[0]).toBe(1);
    expect(second[1]).toBeGreaterThan(0);
    expect(second[1]).toBeLessThan(0.05);
    expect(second[2]).toBe(0);
    expect(fileProgress(layout, logo + 900, size)[2]).toBeGreaterThan(0.95);
    expect(fileProgress(layout, size, size)).toEqual([1, 1, 1]);
  });

  it("has no bar for a form without files", () => {
    const form = new FormData();
    form.append("images", new File([], ""));
    form.append("name", "x");
    const layout = multipartLayout(form.entries());
    expect(layout.files).toEqual([]);
    expect(fileProgress(layout, 10, layout.size)).toEqual([]);
  });
});
