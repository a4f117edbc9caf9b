// SECURITY-CRITICAL: password recovery codes. Short-lived, single-use, stored hashed, few attempts.
import { randomInt } from 'node:crypto';
import { mailTexts, type Language } from '@prosa/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets, users } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { sha256 } from '../../../platform/security/tokens.js';
import { brandedMail, mailBranding } from '../../branding/branded-mail.js';

export const RESET_CODE_MINUTES = 15;

/**
 * Runs in a job (sendPasswordResetJob), never in the request, so that neither the answer nor its
 * time tells which emails exist. The mail goes in the user's language, else in the one the
 * request was made in, else Portuguese.
 */
export async function requestPasswordReset(platform: Platform, email: string, requestLanguage?: Language): Promise<void> {
  const [user] = await unsafeSystemDb(platform.db).select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await withTenant(platform.db, user.tenantId, async (scope) => {
    // Only the newest code is valid.
    await scope.update(passwordResets, { usedAt: new Date() }, and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))!);
    await scope.insert(passwordResets, {
      userId: user.id,
      codeHash: sha256(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
    });
  });
  const lang: Language = user.configs?.language ?? requestLanguage ?? 'pt';
  const texts = mailTexts[lang];
  const brand = await mailBranding(platform);
  await platform.mailer.send(
    brandedMail(brand, {
      to: user.email,
      subject: texts.resetSubject(brand.productName),
      text: texts.resetBody(user.name, code, RESET_CODE_MINUTES, brand.productName),
    }),
  );
}
