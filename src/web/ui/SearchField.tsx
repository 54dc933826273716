import { Search } from 'lucide-react';
import type { Ref } from 'react';

/** A search landmark with one search box that filters a list as you type, named by its (visually hidden) label. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
  maxLength,
  inputRef,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** Classes of the landmark (width, margins). */
  className: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <search className={className}>
      <label className="input w-full">
        <Search size={18} aria-hidden="true" />
        <span className="sr-only">{label}</span>
        <input
          ref={inputRef}
          type="search"
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </search>
  );
}
