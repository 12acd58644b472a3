import { describe, expect, it } from "vitest";
import { formatLocation, parseLocation } from "./venue-address";

describe("formatLocation", () => {
  it("joins line 1, the optional line 2, the city and 'Colorado {postal code}'", () => {
    const base = { addressLine1: "12 Ridge Rd", city: "Boulder", postalCode: "80302" };
    expect(formatLocation({ ...base, addressLine2: "Barn B" })).toBe(
      "12 Ridge Rd, Barn B, Boulder, Colorado 80302",
    );
    expect(formatLocation({ ...base, addressLine2: "  " })).toBe("12 Ridge Rd, Boulder, Colorado 80302");
    expect(formatLocation(base)).toBe("12 Ridge Rd, Boulder, Colorado 80302");
  });
});

describe("parseLocation", () => {
  it("reads back what formatLocation writes", () => {
    const a = { addressLine1: "12 Ridge Rd", addressLine2: "Barn B", city: "Boulder", postalCode: "80302" };
    expect(parseLocation(formatLocation(a))).toEqual(a);
    expect(parseLocation("12 Ridge Rd, Boulder, Colorado 80302")).toEqual({ ...a, addressLine2: "" });
  });

  it("takes the usual spellings: CO, a separate ZIP, a trailing country, extra spaces", () => {
    expect(parseLocation(" 1 Main St ,  Estes Park, CO 80517, USA")).toEqual({
      addressLine1: "1 Main St",
      addressLine2: "",
      city: "Estes Park",
      postalCode: "80517",
    });
    expect(parseLocation("1 Main St, Lyons, Colorado, 80540")?.postalCode).toBe("80540");
    expect(parseLocation("Boulder, Colorado")).toEqual({
      addressLine1: "",
      addressLine2: "",
      city: "Boulder",
      postalCode: "",
    });
  });

  it("gives up without a Colorado state part", () => {
    expect(parseLocation("Somewhere in the mountains")).toBeNull();
    expect(parseLocation("1 Main St, Cheyenne, WY 82001")).toBeNull();
    expect(parseLocation("")).toBeNull();
  });
});
