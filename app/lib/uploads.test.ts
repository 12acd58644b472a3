import { describe, expect, it } from "vitest";
import {
  chosenImageRefusal,
  createLimiter,
  displayFileName,
  MAX_IMAGE_BYTES,
  sniffImageFormat,
  uploadMessages,
} from "./uploads";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("sniffImageFormat", () => {
  it("knows the four accepted signatures and nothing else", () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode("just some text, renamed .jpg"))).toBeNull();
    expect(sniffImageFormat(bytes())).toBeNull();
  });
});

describe("chosenImageRefusal", () => {
  it("refuses a file over 5 MB or one whose bytes are not an image, and lets an image go", async () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(await chosenImageRefusal(new File([png], "a.png"))).toBeNull();
    expect(await chosenImageRefusal(new File(["hello"], "b.jpg"))).toBe(uploadMessages.notAnImage("b.jpg"));
    const big = new File([png, new Uint8Array(MAX_IMAGE_BYTES)], "c.png");
    expect(await chosenImageRefusal(big)).toBe(uploadMessages.tooLarge("c.png"));
  });
});

describe("messages", () => {
  it("are the spec's, with a clean file name", () => {
    expect(uploadMessages.notAnImage(displayFileName("C:\\Users\\me\\notes.jpg"))).toBe(
      "notes.jpg is not an image file",
    );
    expect(uploadMessages.tooLarge(displayFileName("big\u0000.png"))).toBe("big.png exceeds 5MB size limit");
    expect(uploadMessages.partial(1, 4)).toBe("1 out of 4 images failed to upload.");
    expect(displayFileName("")).toBe("file");
    expect(displayFileName("x".repeat(200))).toHaveLength(80);
  });
});

describe("createLimiter", () => {
  it("never runs more than its limit at once, and runs everything", async () => {
    const limiter = createLimiter(2);
    let peak = 0;
    const results: Promise<number>[] = [];
    for (let i = 0; i < 7; i++) {
      const { done } = await limiter.run(async () => {
        peak = Math.max(peak, limiter.running);
        await new Promise((r) => setTimeout(r, 5));
        return i;
      });
      results.push(done);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
  });
});
