/** A DataTransfer carrying files, as a real drag from the desktop brings. */
export function filesTransfer(...files: File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

export const textFile = (name = 'vuelos.txt', content = 'SKBO-SEQM-03:34-05:21-0300\n') =>
  new File([content], name, { type: 'text/plain' });

/**
 * Native drag events: testing-library's fireEvent copies a DataTransfer's own properties, and a real
 * one has none (they live on the prototype), so its files would be lost.
 */
export function drag(
  zone: HTMLElement,
  type: 'dragenter' | 'dragover' | 'dragleave' | 'drop',
  transfer: DataTransfer,
) {
  zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

export function dropOn(zone: HTMLElement, ...files: File[]) {
  const transfer = filesTransfer(...files);
  drag(zone, 'dragenter', transfer);
  drag(zone, 'dragover', transfer);
  drag(zone, 'drop', transfer);
}
