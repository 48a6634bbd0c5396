import { describe, expect, it } from "vitest";
import { designFlexMessage, liffShareUrl, sharedDesignId } from "./flex";

describe("a design's card inside LINE (issue 50)", () => {
  const design = { label: "เสื้อคอจีน", price: 1250, shop: { name: "ร้านป้าแก้ว" } };
  const share = {
    url: "https://shop.example.org/designs/12",
    image: "https://shop.example.org/share/designs/12/ab.jpg",
  };

  it("is a Flex bubble with the preview picture, the name, shop and price, and a button to the page", () => {
    const message = designFlexMessage(design, share);
    expect(message.type).toBe("flex");
    expect(message.altText).toBe("เสื้อคอจีน 1,250 บาท ของร้านป้าแก้ว");
    const bubble = message.contents as {
      type: string;
      hero: { url: string; aspectRatio: string; action: { uri: string } };
      body: { contents: { text: string }[] };
      footer: { contents: { action: { type: string; uri: string; label: string } }[] };
    };
    expect(bubble.type).toBe("bubble");
    expect(bubble.hero).toMatchObject({ url: share.image, aspectRatio: "1200:630", action: { uri: share.url } });
    expect(bubble.body.contents.map((line) => line.text)).toEqual(
      expect.arrayContaining(["เสื้อคอจีน", "ร้านป้าแก้ว", "1,250 บาท"]),
    );
    expect(bubble.footer.contents[0]!.action).toMatchObject({ type: "uri", uri: share.url });
    expect(bubble.footer.contents[0]!.action.label.length).toBeLessThanOrEqual(40);
  });

  it("keeps the chat list's text within LINE's 400 characters", () => {
    const long = designFlexMessage({ ...design, shop: { name: "ร".repeat(500) } }, share);
    expect(long.altText.length).toBe(400);
  });

  it("is shared from the LIFF app's address, which names only a design's page", () => {
    expect(liffShareUrl("1650000000-Abc", 12)).toBe("https://liff.line.me/1650000000-Abc?share=%2Fdesigns%2F12");
    expect(sharedDesignId("/designs/12")).toBe(12);
    for (const other of [null, "", "/designs/12/x", "https://evil.example/designs/1", "/merchant/info/3"])
      expect(sharedDesignId(other)).toBeNull();
  });
});
