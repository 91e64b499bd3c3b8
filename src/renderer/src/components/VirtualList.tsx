import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type UIEvent,
} from 'react';

/**
 * Renders only the rows in view (plus a few): fixed row height, so 10,000 rows cost what 30 do. The
 * container scrolls; rows are absolutely positioned inside a spacer of the full height, each exactly one
 * `rowHeight` tall and filled by what `renderRow` returns (so the whole row takes a click).
 *
 * Without `height` the list fills its parent (give the parent a height, e.g. a flex child with
 * `min-height: 0`) and measures itself. `activeIndex` is kept in view (keyboard navigation).
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  renderRow,
  getKey,
  overscan = 8,
  label,
  onRowClick,
  activeIndex,
  rowProps,
}: {
  items: readonly T[];
  rowHeight: number;
  height?: number;
  renderRow: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string | number;
  overscan?: number;
  label: string;
  onRowClick?: (item: T, index: number) => void;
  activeIndex?: number;
  /** Extra attributes of a row (an id for aria-activedescendant, aria-selected in a grid). */
  rowProps?: (item: T, index: number) => HTMLAttributes<HTMLDivElement>;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const [measured, setMeasured] = useState(height ?? 600);
  const ref = useRef<HTMLDivElement>(null);
  const fill = height === undefined;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!fill || !el) return;
    const update = () => setMeasured(el.clientHeight || 600);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fill]);
  const viewport = height ?? measured;
  useEffect(() => {
    const el = ref.current;
    if (!el || activeIndex === undefined || activeIndex < 0) return;
    const top = activeIndex * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top + rowHeight - el.clientHeight;
  }, [activeIndex, rowHeight]);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const onScroll = (e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop);
  return (
    <div
      ref={ref}
      className={fill ? 'vlist vlist-fill' : 'vlist'}
      style={fill ? undefined : { height }}
      onScroll={onScroll}
      role="rowgroup"
      aria-label={label}
      // The row count belongs to the table around the list (aria-rowcount is not allowed on a rowgroup).
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            {...rowProps?.(item, first + i)}
            key={getKey(item, first + i)}
            className="vlist-row"
            role="row"
            aria-rowindex={first + i + 1}
            onClick={onRowClick ? () => onRowClick(item, first + i) : undefined}
            style={{
              position: 'absolute',
              top: (first + i) * rowHeight,
              height: rowHeight,
              left: 0,
              right: 0,
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            {renderRow(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
