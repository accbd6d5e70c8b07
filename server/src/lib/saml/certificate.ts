import crypto from "node:crypto";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import * as X509 from "@peculiar/asn1-x509";

// A self-signed X.509 certificate for a key of ours (the SP's request-signing key, the development
// IdP's key). IdPs import an SP's signing key as a certificate (metadata KeyDescriptor); a
// self-signed one is what they expect: the trust is the import, not a CA. The certificate's
// structure is built with @peculiar/asn1-x509 (maintained ASN.1 schemas, no crypto of its own) and
// signed with node:crypto.

const SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
const COMMON_NAME = "2.5.4.3";
const YEAR_MS = 365 * 24 * 3600_000;

const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** PEM armour of DER bytes. */
export const pemOf = (label: string, der: Buffer) => `-----BEGIN ${label}-----\n${der.toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;

/** A self-signed RSA-SHA256 certificate for the key pair, valid from now for `years`. */
export function selfSignedCertificate(privatePem: string, commonName: string, years = 10, now = new Date()): string {
  const privateKey = crypto.createPrivateKey(privatePem);
  const spkiDer = crypto.createPublicKey(privateKey).export({ type: "spki", format: "der" });
  const algorithm = new X509.AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const name = new X509.Name([
    new X509.RelativeDistinguishedName([new X509.AttributeTypeAndValue({ type: COMMON_NAME, value: new X509.AttributeValue({ utf8String: commonName.slice(0, 64) }) })]),
  ]);
  const serial = crypto.randomBytes(16);
  serial[0] &= 0x7f; // a positive INTEGER
  serial[0] |= 0x01; // and never a leading zero byte
  const tbs = new X509.TBSCertificate({
    version: X509.Version.v3,
    serialNumber: toArrayBuffer(serial),
    signature: algorithm,
    issuer: name,
    subject: name,
    // A minute back: an IdP whose clock is a little behind must not see a certificate from the future.
    validity: new X509.Validity({ notBefore: new Date(now.getTime() - 60_000), notAfter: new Date(now.getTime() + years * YEAR_MS) }),
    subjectPublicKeyInfo: AsnConvert.parse(spkiDer, X509.SubjectPublicKeyInfo),
    extensions: new X509.Extensions([
      new X509.Extension({
        extnID: X509.id_ce_basicConstraints,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new X509.BasicConstraints({ cA: false }))),
      }),
      new X509.Extension({
        extnID: X509.id_ce_keyUsage,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new X509.KeyUsage(X509.KeyUsageFlags.digitalSignature))),
      }),
    ]),
  });
  const signature = crypto.sign("sha256", Buffer.from(AsnConvert.serialize(tbs)), privateKey);
  const certificate = new X509.Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm, signatureValue: toArrayBuffer(signature) });
  return pemOf("CERTIFICATE", Buffer.from(AsnConvert.serialize(certificate)));
}
