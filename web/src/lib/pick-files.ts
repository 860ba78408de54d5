/**
 * Opens the browser's file chooser from a button and hands over what was chosen (nothing when the
 * chooser is dismissed). The file input is made as the button is pressed, never kept in the page:
 * a list row's hidden file input (the Transactions tab's bill of sale, the transport board's bill
 * of lading) costs its row more to draw than most of what the row shows (the browser builds its
 * inner button and label), ~1 ms a row on a phone (issue #47), for a chooser opened once in a while.
 * Forms whose picker is the control itself keep their input (FilePickButton).
 */
export function pickFiles(
  { accept, multiple = false }: { accept: string; multiple?: boolean },
  onFiles: (files: File[]) => void,
): void {
  const picker = document.createElement('input');
  picker.type = 'file';
  picker.accept = accept;
  picker.multiple = multiple;
  picker.addEventListener('change', () => {
    const files = [...(picker.files ?? [])];
    if (files.length > 0) onFiles(files);
  });
  picker.click();
}
