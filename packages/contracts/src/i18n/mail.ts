import type { Language } from '../enums.js';

interface MailTexts {
  /** `product`: the platform's product name (white label), Prosa by default. */
  resetSubject: (product: string) => string;
  resetBody: (name: string, code: string, minutes: number, product: string) => string;
}

/** Texts of the emails the server sends, in the recipient's language. */
export const mailTexts: Record<Language, MailTexts> = {
  pt: {
    resetSubject: (product) => `${product}: código para redefinir sua senha`,
    resetBody: (name, code, minutes, product) =>
      `Olá, ${name}.\n\nSeu código para redefinir a senha do ${product} é: ${code}\nEle vale por ${minutes} minutos.\n\nSe você não pediu a troca de senha, ignore este e-mail.`,
  },
  en: {
    resetSubject: (product) => `${product}: your password reset code`,
    resetBody: (name, code, minutes, product) =>
      `Hello, ${name}.\n\nYour ${product} password reset code is: ${code}\nIt is valid for ${minutes} minutes.\n\nIf you did not ask to change your password, ignore this email.`,
  },
  es: {
    resetSubject: (product) => `${product}: código para restablecer tu contraseña`,
    resetBody: (name, code, minutes, product) =>
      `Hola, ${name}.\n\nTu código para restablecer la contraseña de ${product} es: ${code}\nEs válido por ${minutes} minutos.\n\nSi no pediste cambiar tu contraseña, ignora este correo.`,
  },
};
