import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { lazySchema } from "./use-validated-form";

describe("lazySchema", () => {
  it("imports the schema once, however often it is asked for, and keeps it", async () => {
    const schema = z.object({ name: z.string() });
    const importSchema = vi.fn(() => Promise.resolve(schema));
    const lazy = lazySchema(importSchema);
    expect(lazy.loaded).toBeNull();
    expect(importSchema).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(schema);
    expect(b).toBe(schema);
    expect(lazy.loaded).toBe(schema);
    await lazy.load();
    expect(importSchema).toHaveBeenCalledTimes(1);
  });

  it("tries again after an import that failed", async () => {
    const schema = z.object({ name: z.string() });
    const importSchema = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(schema);
    const lazy = lazySchema(importSchema);
    await expect(lazy.load()).rejects.toThrow("Failed to fetch");
    expect(lazy.loaded).toBeNull();
    await expect(lazy.load()).resolves.toBe(schema);
    expect(lazy.loaded).toBe(schema);
    expect(importSchema).toHaveBeenCalledTimes(2);
  });
});
