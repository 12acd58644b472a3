import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address whole, also when it comes mapped into IPv6", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("cuts an IPv6 address to its /64, however it is written", () => {
    const net = "2001:db8:17:4a0::/64";
    expect(clientNetwork("2001:db8:17:4a0:1::2")).toBe(net);
    expect(clientNetwork("2001:0DB8:0017:04A0:ffff:1:2:3")).toBe(net);
    expect(clientNetwork("2001:db8:17:4a0::")).toBe(net);
    expect(clientNetwork("2001:db8:17:4a0:0:0:10.1.2.3")).toBe(net);
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001:db8:17:4a1::1")).toBe("2001:db8:17:4a1::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    for (const odd of ["unknown", "", "1::2::3", "2001:db8:zz::1", "1:2:3:4:5:6:7:8:9"])
      expect(clientNetwork(odd)).toBe(odd);
  });
});
