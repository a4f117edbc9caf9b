import type { Language } from '../enums.js';

/** Texts of the emails the server sends, in the recipient's language. */
export const mailTexts: Record<Language, { resetSubject: string; resetBody: (name: string, code: string, minutes: number) => string }> = {
  pt: {
    resetSubject: 'Prosa: código para redefinir sua senha',
    resetBody: (name, code, minutes) =>
      `Olá, ${name}.\n\nSeu código para redefinir a senha é: ${code}\nEle vale por ${minutes} minutos.\n\nSe você não pediu a troca de senha, ignore este e-mail.`,
  },
  en: {
    resetSubject: 'Prosa: your password reset code',
    resetBody: (name, code, minutes) =>
      `Hello, ${name}.\n\nYour password reset code is: ${code}\nIt is valid for ${minutes} minutes.\n\nIf you did not ask to change your password, ignore this email.`,
  },
  es: {
    resetSubject: 'Prosa: código para restablecer tu contraseña',
    resetBody: (name, code, minutes) =>
      `Hola, ${name}.\n\nTu código para restablecer la contraseña es: ${code}\nEs válido por ${minutes} minutos.\n\nSi no pediste cambiar tu contraseña, ignora este correo.`,
  },
};
