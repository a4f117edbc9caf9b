import { AppError } from './app-error.js';

/**
 * Reading a multipart body: a body the parser cannot read (no boundary, a truncated part, a broken
 * header) is the client's invalid input, ERR_VALIDATION, not a server failure (issue 9, L2). The
 * parser (busboy) throws plain errors for those; our own AppErrors and the plugin's 4xx errors
 * (file too large, too many parts) keep their meaning.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw err;
    throw new AppError('ERR_VALIDATION', { _: 'validation.invalidValue' });
  }
}
