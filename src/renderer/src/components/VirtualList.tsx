import { useRef, useState, type ReactNode, type UIEvent } from 'react';

/**
 * Renders only the rows in view (plus a few): fixed row height, so 10,000 rows cost what 30 do. The
 * container scrolls; rows are absolutely positioned inside a spacer of the full height.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  renderRow,
  getKey,
  overscan = 8,
  label,
}: {
  items: readonly T[];
  rowHeight: number;
  height: number;
  renderRow: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string | number;
  overscan?: number;
  label: string;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const onScroll = (e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop);
  return (
    <div
      ref={ref}
      className="vlist"
      style={{ height }}
      onScroll={onScroll}
      role="rowgroup"
      aria-label={label}
      aria-rowcount={items.length}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            key={getKey(item, first + i)}
            className="vlist-row"
            role="row"
            aria-rowindex={first + i + 1}
            style={{
              position: 'absolute',
              top: (first + i) * rowHeight,
              height: rowHeight,
              left: 0,
              right: 0,
            }}
          >
            {renderRow(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
