/** The name the recovery codes are saved under. */
export const RECOVERY_CODES_FILE = 'chorely-recovery-codes.txt';

/** Saves `text` as a plain text file named `fileName`, the way a download link does. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has its own copy once started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
