import type { PasskeyCredential } from "./verifyDecision";

/** What the server keeps between the two halves of a registration: the challenge it issued. */
export interface PasskeyRegistrationRecord {
  challenge: string;
  rpId: string;
  /** Epoch ms: a response after this is refused. */
  expiresAt: number;
}

export interface PasskeyRegistrationOptions {
  /** The app's name, as the authenticator shows it. */
  rpName: string;
  /** The RP id: the page's registrable domain ("example.com"; "localhost" in development). */
  rpId: string;
  /** The person, as the permissions engine names them (`who`), and how the authenticator shows them. */
  user: { name: string; displayName?: string };
  /** Their credentials already registered, so the same authenticator is not registered twice. */
  exclude?: readonly Pick<PasskeyCredential, "id" | "transports">[];
  ttlMs?: number;
  now?: number;
}

export type PasskeyRegistration =
  | { ok: true; credential: PasskeyCredential }
  | { ok: false; reason: "expired" | "invalid"; message: string };

/**
 * The first half of registering the person's passkey, for the step-ups that need it: the options
 * for the browser (`registerPasskey` of `parley-ui/passkey`), and the record to keep until the
 * response comes back. A platform authenticator, a discoverable credential, user verification
 * required — what `verifyDecision` then asks of every assertion. Loads `@simplewebauthn/server`.
 *
 * @example
 * const { options, record } = await createPasskeyRegistration({ rpName: "Acme", rpId: "acme.example", user: { name: who } });
 */
export async function createPasskeyRegistration(options: PasskeyRegistrationOptions): Promise<{ options: unknown; record: PasskeyRegistrationRecord }> {
  const { generateRegistrationOptions } = await import("@simplewebauthn/server");
  const ttl = options.ttlMs ?? 5 * 60_000;
  const creation = await generateRegistrationOptions({
    rpName: options.rpName,
    rpID: options.rpId,
    userName: options.user.name,
    userDisplayName: options.user.displayName ?? options.user.name,
    timeout: ttl,
    attestationType: "none",
    excludeCredentials: (options.exclude ?? []).map((c) => ({ id: c.id, ...(c.transports ? { transports: c.transports } : {}) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required", authenticatorAttachment: "platform" },
  });
  return { options: creation, record: { challenge: creation.challenge, rpId: options.rpId, expiresAt: (options.now ?? Date.now()) + ttl } };
}

/**
 * The second half: checks the browser's response against the challenge kept, the page's origin
 * and the RP id, with the user verified, and gives the credential to store with the person —
 * `verifyDecision`'s `passkey.credential`. A response that does not verify is refused in words.
 *
 * @example
 * const result = await verifyPasskeyRegistration(body, { record, expectedOrigin: "https://acme.example" });
 * if (result.ok) await db.savePasskey(who, result.credential);
 */
export async function verifyPasskeyRegistration(response: unknown, options: { record: PasskeyRegistrationRecord; expectedOrigin: string | string[]; now?: number }): Promise<PasskeyRegistration> {
  if ((options.now ?? Date.now()) > options.record.expiresAt) return { ok: false, reason: "expired", message: "The registration took too long; start it again." };
  try {
    const { verifyRegistrationResponse } = await import("@simplewebauthn/server");
    const result = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: options.record.challenge,
      expectedOrigin: options.expectedOrigin,
      expectedRPID: options.record.rpId,
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: "invalid", message: "The passkey's registration does not verify." };
    const { credential } = result.registrationInfo;
    return { ok: true, credential: { id: credential.id, publicKey: credential.publicKey, counter: credential.counter, ...(credential.transports ? { transports: [...credential.transports] } : {}) } };
  } catch (error) {
    return { ok: false, reason: "invalid", message: `The passkey's registration does not verify: ${error instanceof Error ? error.message : String(error)}` };
  }
}
