import { describe, expect, it } from "vitest";
import { createPasskeyRegistration, verifyPasskeyRegistration } from "../../src/server";

/**
 * The server's half of registering a passkey. The whole ceremony, with Chromium's virtual
 * authenticator creating the credential, is test/browser/passkey.e2e.test.ts; here, what the
 * options ask for and every refusal in words.
 */
describe("passkey registration on the server", () => {
  it("asks for a platform authenticator with a discoverable credential and user verification", async () => {
    const { options, record } = await createPasskeyRegistration({ rpName: "Acme", rpId: "acme.example", user: { name: "ana@example.com" }, exclude: [{ id: "old-1" }], now: 1_000, ttlMs: 60_000 });
    expect(options).toMatchObject({
      rp: { name: "Acme", id: "acme.example" },
      user: { name: "ana@example.com", displayName: "ana@example.com" },
      authenticatorSelection: { residentKey: "required", userVerification: "required", authenticatorAttachment: "platform" },
      excludeCredentials: [{ id: "old-1", type: "public-key" }],
    });
    expect(record).toEqual({ challenge: (options as { challenge: string }).challenge, rpId: "acme.example", expiresAt: 61_000 });
  });

  it("refuses a late response, and one that is not a registration, in words", async () => {
    const { record } = await createPasskeyRegistration({ rpName: "Acme", rpId: "acme.example", user: { name: "ana" }, now: 0, ttlMs: 1_000 });
    expect(await verifyPasskeyRegistration({}, { record, expectedOrigin: "https://acme.example", now: 2_000 })).toMatchObject({ ok: false, reason: "expired" });
    const forged = await verifyPasskeyRegistration({ id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA" }, clientExtensionResults: {} }, { record, expectedOrigin: "https://acme.example", now: 10 });
    expect(forged).toMatchObject({ ok: false, reason: "invalid" });
    expect((forged as { message: string }).message).toMatch(/does not verify/);
    expect(await verifyPasskeyRegistration("not json at all", { record, expectedOrigin: "https://acme.example", now: 10 })).toMatchObject({ ok: false, reason: "invalid" });
  });
});
