export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

interface PageSizeSelectProps {
  value: PageSize;
  onChange: (size: PageSize) => void;
}

/** "Show 10 / 20 / 50 entries" (page sizes fixed by apps/web/README.md, Account Statement). */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <label className="inline-field">
      <span>Show</span>
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as PageSize)}
        data-testid="page-size"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span>entries</span>
    </label>
  );
}
