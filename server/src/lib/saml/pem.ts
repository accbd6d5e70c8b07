import crypto from "node:crypto";

// Certificates and keys given in the environment, read once at start: a value that is not what its
// variable needs stops the start with a message naming the variable (never a refusal at every
// sign-on later).

const BLOCK = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/g;

/** `\n` escapes (one-line environment files) become line breaks. */
export const unescapePem = (v: string) => v.replace(/\\n/g, "\n").trim();

const wrap = (label: string, base64: string) =>
  `-----BEGIN ${label}-----\n${(base64.replace(/\s+/g, "").match(/.{1,64}/g) ?? []).join("\n")}\n-----END ${label}-----\n`;

function blocks(name: string, value: string): { label: string; pem: string }[] {
  const text = unescapePem(value);
  const found = [...text.matchAll(BLOCK)].map((m) => ({ label: m[1], pem: wrap(m[1], m[2]) }));
  const rest = text.replace(BLOCK, "").trim();
  // A bare base64 certificate, as IdP metadata and admin consoles show it (no PEM armour).
  if (!found.length && /^[A-Za-z0-9+/=\s]+$/.test(rest) && rest.length > 100) return [{ label: "CERTIFICATE", pem: wrap("CERTIFICATE", rest) }];
  if (rest) throw new Error(`${name}: unexpected text outside the PEM blocks (${JSON.stringify(rest.slice(0, 40))})`);
  if (!found.length) throw new Error(`${name}: no PEM certificate found`);
  return found;
}

const rsa = (name: string, what: string, key: crypto.KeyObject) => {
  // xml-crypto verifies RSA signatures only (RSA-SHA256/512); an EC key could never verify.
  if (key.asymmetricKeyType !== "rsa") throw new Error(`${name}: ${what} has a ${key.asymmetricKeyType} key; SAML signatures here are RSA`);
};

/**
 * The identity provider's signing certificates (SAML_IDP_CERT): one or more PEM certificates, for a
 * key rollover both the old and the new; a public key (PEM) is accepted too. Each must parse and
 * hold an RSA key. Returns them as PEM, one per entry.
 */
export function parseIdpCertificates(name: string, value: string): string[] {
  const list = blocks(name, value);
  return list.map(({ label, pem }, i) => {
    const which = list.length > 1 ? `entry ${i + 1} of ${list.length}` : "the certificate";
    try {
      if (label === "CERTIFICATE") rsa(name, which, new crypto.X509Certificate(pem).publicKey);
      else if (label === "PUBLIC KEY") rsa(name, which, crypto.createPublicKey(pem));
      else throw new Error(`a ${label} is neither a CERTIFICATE nor a PUBLIC KEY`);
    } catch (e) {
      const message = (e as Error).message;
      throw new Error(message.startsWith(`${name}:`) ? message : `${name}: ${which} could not be read (${message})`);
    }
    return pem;
  });
}

/** The service provider's own certificate and private key given in the environment (both or neither). */
export function parseSpCredentials(cert: string | undefined, key: string | undefined): { certPem: string; privatePem: string } | undefined {
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error("SAML_SP_CERT and SAML_SP_KEY go together: set both or neither");
  const [certBlock] = blocks("SAML_SP_CERT", cert);
  let x509: crypto.X509Certificate;
  try {
    x509 = new crypto.X509Certificate(certBlock.pem);
  } catch (e) {
    throw new Error(`SAML_SP_CERT: the certificate could not be read (${(e as Error).message})`);
  }
  rsa("SAML_SP_CERT", "the certificate", x509.publicKey);
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey(unescapePem(key));
  } catch (e) {
    throw new Error(`SAML_SP_KEY: the private key could not be read (${(e as Error).message}); an unencrypted PEM key is expected`);
  }
  if (!x509.checkPrivateKey(privateKey)) throw new Error("SAML_SP_KEY is not the private key of SAML_SP_CERT");
  return { certPem: certBlock.pem, privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
}
