import { describe, expect, it } from "vitest";
import {
  chosenImageRefusal,
  createLimiter,
  displayFileName,
  fitToRoom,
  isHeif,
  looksHeic,
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

/** An ISO-BMFF file's opening `ftyp` box: its major brand, minor version 0, its compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array<ArrayBuffer> {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, size);
  const text = new TextEncoder();
  box.set(text.encode("ftyp"), 4);
  box.set(text.encode(major), 8);
  compatible.forEach((brand, i) => box.set(text.encode(brand), 16 + 4 * i));
  // The next box starts right after: its bytes are no brand of this one.
  box.set(text.encode("\0\0\0\x08heic"), size);
  return box;
}

describe("isHeif", () => {
  it("knows a HEIC photo by the ftyp box's major or compatible brands", () => {
    // An iPhone photo: major heic, compatible mif1 and heic.
    expect(isHeif(ftyp("heic", "mif1", "heic"))).toBe(true);
    for (const brand of ["heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"])
      expect(isHeif(ftyp(brand)), brand).toBe(true);
    // A generic HEIF file (mif1 or msf1 major) that names HEVC among its compatible brands.
    expect(isHeif(ftyp("mif1", "heic"))).toBe(true);
    expect(isHeif(ftyp("msf1", "hevc"))).toBe(true);
    // Only the HEIF structure's brands, no AVIF: a HEIF file all the same.
    expect(isHeif(ftyp("mif1", "miaf"))).toBe(true);
  });

  it("lets AVIF (mif1 with avif or avis), other ISO-BMFF files and the usual images through", () => {
    expect(isHeif(ftyp("avif", "mif1", "miaf", "MA1B"))).toBe(false);
    expect(isHeif(ftyp("mif1", "avif", "miaf"))).toBe(false);
    expect(isHeif(ftyp("msf1", "avis", "miaf"))).toBe(false);
    expect(isHeif(ftyp("isom", "iso2", "avc1", "mp41"))).toBe(false);
    expect(isHeif(ftyp("qt  "))).toBe(false);
    expect(isHeif(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1))).toBe(
      false,
    );
    expect(isHeif(new TextEncoder().encode("ftypheic"))).toBe(false);
    expect(isHeif(bytes())).toBe(false);
  });

  it("reads brands only up to the box's own size", () => {
    // ftyp('isom') is followed by a box whose type is 'heic': not a brand of the ftyp box.
    expect(isHeif(ftyp("isom", "iso2"))).toBe(false);
  });
});

describe("looksHeic", () => {
  it("goes by the type the browser gives or the name's extension", () => {
    expect(looksHeic({ name: "IMG_0042.HEIC", type: "" })).toBe(true);
    expect(looksHeic({ name: "photo", type: "image/heif" })).toBe(true);
    expect(looksHeic({ name: "burst.heics", type: "image/heic-sequence" })).toBe(true);
    expect(looksHeic({ name: "camera.hif", type: "" })).toBe(true);
    expect(looksHeic({ name: "heic.jpg", type: "image/jpeg" })).toBe(false);
  });
});

describe("fitToRoom", () => {
  it("keeps the first files that fit and says how many more could be added", () => {
    const chosen = ["a", "b", "c", "d", "e"];
    expect(fitToRoom(chosen, 8)).toEqual({
      kept: ["a", "b"],
      message: "You can add 2 more images: 3 of the ones you chose were not added.",
    });
    expect(fitToRoom(chosen, 9)).toEqual({
      kept: ["a"],
      message: "You can add 1 more image: 4 of the ones you chose were not added.",
    });
    expect(fitToRoom(["a", "b"], 9).message).toBe(
      "You can add 1 more image: 1 of the ones you chose was not added.",
    );
    expect(fitToRoom(chosen, 10)).toEqual({
      kept: [],
      message: "No more images can be added: remove one to add another.",
    });
  });

  it("keeps everything when it fits, counting what is already there", () => {
    expect(fitToRoom(["a", "b"], 8)).toEqual({ kept: ["a", "b"], message: null });
    expect(fitToRoom(["a"], 0, 1)).toEqual({ kept: ["a"], message: null });
    expect(fitToRoom([], 12)).toEqual({ kept: [], message: null });
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

  it("refuses a HEIC photo by its type, its name or its bytes, saying how to send it", async () => {
    const heic = ftyp("heic", "mif1", "heic");
    const message = uploadMessages.heic("IMG_0042.HEIC");
    expect(message).toBe(
      'IMG_0042.HEIC is a HEIC photo (from an iPhone), which can\'t be used yet: choose "Most Compatible" in Settings → Camera → Formats, or export the photo as JPEG',
    );
    expect(await chosenImageRefusal(new File([heic], "IMG_0042.HEIC"))).toBe(message);
    expect(await chosenImageRefusal(new File(["x"], "x.jpg", { type: "image/heic" }))).toBe(
      uploadMessages.heic("x.jpg"),
    );
    // Renamed, with no type: the bytes tell. Over 5 MB: still the HEIC message, which says what to do.
    const renamed = new File([heic, new Uint8Array(MAX_IMAGE_BYTES)], "renamed.jpg");
    expect(await chosenImageRefusal(renamed)).toBe(uploadMessages.heic("renamed.jpg"));
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
