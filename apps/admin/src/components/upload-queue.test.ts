import { describe, expect, it } from 'vitest';
import { fileProblem, guessDocument, IMAGE_RULE, PDF_RULE, UPLOAD_MAX_BYTES } from './upload-queue';

describe('the checks before a file leaves', () => {
  it('refuses the wrong type, an empty file and one above the server’s limit, each with its own message', () => {
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 }, PDF_RULE)).toBeNull();
    expect(fileProblem({ name: 'scan.PDF', type: '', size: 10 }, PDF_RULE)).toBeNull();
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 10 }, PDF_RULE)).toBe('DocumentNotPdf');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 }, PDF_RULE)).toBe('DocumentNotPdf');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: UPLOAD_MAX_BYTES + 1 }, PDF_RULE)).toBe(
      'DocumentTooLarge',
    );
    expect(fileProblem({ name: 'a.gif', type: 'image/gif', size: 10 }, IMAGE_RULE)).toBe('ImageTypeNotAllowed');
  });
});

describe('guessDocument', () => {
  it('reads the kind and language from the file’s name, in English or French', () => {
    expect(guessDocument('notice_fr.pdf')).toEqual({ kind: 'notice', lang: 'fr' });
    expect(guessDocument('Certificat d’authenticité (FR).pdf')).toEqual({ kind: 'auth_certif', lang: 'fr' });
    expect(guessDocument('Technical-file EN.pdf')).toEqual({ kind: 'technical_file', lang: 'en' });
    expect(guessDocument('prospectus-english.pdf')).toEqual({ kind: 'client_pdf', lang: 'en' });
    expect(guessDocument('titre de propriété.pdf')).toEqual({ kind: 'property_title', lang: null });
  });

  it('leaves to the operator what the name does not say', () => {
    expect(guessDocument('scan0042.pdf')).toEqual({ kind: null, lang: null });
    // "french" inside a word is not a language.
    expect(guessDocument('frenchie.pdf').lang).toBeNull();
  });
});
