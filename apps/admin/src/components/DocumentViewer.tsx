import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { fetchFile } from '../pages/withdrawals/download';
import { errorMessage } from '../providers/auth-provider';

/**
 * A private document in a viewer (identity documents, issue 29; sophistication evidence, decision 328): fetched with
 * the operator's token (the API audits the view), shown from a blob URL that is revoked on closing. Images as images,
 * PDFs in the browser's viewer; nothing has a public address.
 */
export function DocumentViewer({
  path,
  fallbackName,
  contentType,
  title,
  note,
  closeLabel,
  onClose,
}: {
  path: string;
  fallbackName: string;
  contentType: string;
  title: string;
  note: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchFile(path, fallbackName)
      .then((file) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(file.blob);
        setUrl(objectUrl);
      })
      .catch((error) => {
        if (!cancelled) setProblem(errorMessage(error));
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, fallbackName]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="document-viewer" fullWidth maxWidth="lg">
      <DialogTitle id="document-viewer">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {note}
        </DialogContentText>
        {problem && <Alert severity="error">{problem}</Alert>}
        {!problem && !url && <CircularProgress aria-label="…" />}
        {url &&
          (contentType === 'application/pdf' ? (
            <Box component="iframe" title={title} src={url} sx={{ width: '100%', height: '75vh', border: 0 }} />
          ) : (
            <Box component="img" src={url} alt={title} sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
