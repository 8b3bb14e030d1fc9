import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Upload } from 'lucide-react';
import { cx } from 'styled-system/css';
import { fileDrop } from 'styled-system/recipes/file-drop';

type FileDropProps = {
  label: ReactNode;
  hint?: ReactNode;
  accept?: string;
  disabled?: boolean;
  className?: string;
} & (
  | { multiple?: false; onFile: (file: File) => void }
  /** Several files at once, by picker or drop, in one call. */
  | { multiple: true; onFiles: (files: File[]) => void }
);

/** A drop zone that is also a file input: click, keyboard (the input is focusable) or drag and drop. */
export function FileDrop(props: FileDropProps) {
  const { label, hint, accept, disabled, className } = props;
  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (props.multiple) props.onFiles(files);
    else props.onFile(files[0]!);
  };
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <label
      htmlFor={id}
      className={cx(fileDrop(), className)}
      data-dragging={dragging ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Upload size={20} aria-hidden="true" />
      <span>{label}</span>
      {hint ? <span style={{ fontSize: '0.75rem' }}>{hint}</span> : null}
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={props.multiple}
        disabled={disabled}
        // Visually hidden but focusable, so the zone is reachable by keyboard.
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
