import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '../pages/works/upload';
import { i18nProvider } from '../providers/i18n';
import { renderScreen, setUpScreenTests } from '../test/screen';
import { MultiUpload } from './MultiUpload';
import { guessDocument, PDF_RULE } from './upload-queue';

setUpScreenTests();

/** A browser request the test answers by hand: upload progress, then the server's status and body. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  progress(share: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: share * 1000, total: 1000 }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

function renderUpload(onSent = vi.fn()) {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  renderScreen(
    <MultiUpload<{ saved: string }>
      label="PDF documents"
      rule={PDF_RULE}
      kinds={[
        { value: 'notice', label: 'Notice' },
        { value: 'technical_file', label: 'Technical file' },
      ]}
      languages={[
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'Français' },
      ]}
      guess={guessDocument}
      send={(item, onProgress) =>
        uploadWithProgress(`/admin/paintings/w1/documents/${item.kind}/${item.lang}`, 'file', item.file, {
          method: 'PUT',
          onProgress,
        })
      }
      onSent={onSent}
    />,
    { path: '/', url: '/', resources: [] },
  );
  return onSent;
}

const rows = () => screen.getAllByTestId('upload-item');
const row = (name: string) => {
  const found = rows().find((item) => within(item).queryByText(name));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};
const stateOf = (name: string) => within(row(name)).getByTestId('upload-state').textContent;

describe('MultiUpload', () => {
  it('takes several dropped files, each with its type, language, progress and own error', async () => {
    const onSent = renderUpload();
    const zone = await screen.findByTestId('drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: {
        files: [pdf('notice_fr.pdf'), pdf('technical_en.pdf'), new File(['png'], 'photo.png', { type: 'image/png' })],
      },
    });
    expect(rows()).toHaveLength(3);
    // Type and language guessed from the names.
    expect(within(row('notice_fr.pdf')).getByLabelText('Type — notice_fr.pdf').textContent).toBe('Notice');
    expect(within(row('notice_fr.pdf')).getByLabelText('Language — notice_fr.pdf').textContent).toBe('Français');

    fireEvent.click(screen.getByRole('button', { name: 'Send 3 files' }));
    // The image is refused before it leaves; the PDFs go one after another, each with its own progress.
    expect(within(row('photo.png')).getByText(messages.DocumentNotPdf.en)).toBeTruthy();
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const first = FakeRequest.sent[0] as FakeRequest;
    expect([first.method, first.url]).toEqual(['PUT', '/api/admin/paintings/w1/documents/notice/fr']);
    expect(first.headers.Authorization).toBe('Bearer access');
    expect((first.body?.get('file') as File | undefined)?.name).toBe('notice_fr.pdf');
    first.progress(0.4);
    expect(stateOf('notice_fr.pdf')).toBe('Sending… 40%');
    expect(within(row('notice_fr.pdf')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(stateOf('technical_en.pdf')).toBe('Ready');
    first.answer(200, { status: 200, data: { saved: 'notice' } });
    await waitFor(() => expect(stateOf('notice_fr.pdf')).toBe('Sent'));
    expect(onSent).toHaveBeenCalledWith({ saved: 'notice' });

    await waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    const second = FakeRequest.sent[1] as FakeRequest;
    expect(second.url).toBe('/api/admin/paintings/w1/documents/technical_file/en');
    second.answer(400, { status: 400, error: messages.DocumentNotPdf, field: 'file' });
    await waitFor(() => expect(stateOf('technical_en.pdf')).toBe('Not sent'));
    expect(within(row('technical_en.pdf')).getByText(messages.DocumentNotPdf.en)).toBeTruthy();
    expect(onSent).toHaveBeenCalledTimes(1);
    // What failed may be sent again; what was sent is not.
    expect(screen.getByRole('button', { name: 'Send 2 files' })).toBeTruthy();
  });

  it('takes several files from the picker, asks what the name does not say, and refuses two for one target', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    renderUpload();
    const picker = await screen.findByLabelText(/Déposez ici des PDF documents/);
    expect((picker as HTMLInputElement).multiple).toBe(true);
    fireEvent.change(picker, { target: { files: [pdf('scan0042.pdf'), pdf('notice-fr.pdf'), pdf('notice_FR.pdf')] } });
    expect(rows()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer 3 fichiers' }));
    expect(within(row('scan0042.pdf')).getByText('Choisissez le type de ce fichier.')).toBeTruthy();
    for (const name of ['notice-fr.pdf', 'notice_FR.pdf'])
      expect(
        within(row(name)).getByText('Un autre fichier de cette liste est pour le même document et la même langue.'),
      ).toBeTruthy();
    expect(FakeRequest.sent).toHaveLength(0);
    // Removing one of the two clears the way for the other.
    fireEvent.click(screen.getByRole('button', { name: 'Retirer notice_FR.pdf de la liste' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer 2 fichiers' }));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    expect(FakeRequest.sent[0]?.url).toBe('/api/admin/paintings/w1/documents/notice/fr');
  });
});
