import './data-table.css';

/** The kit's table in the portal's look (data-table.css). */
export { DataTable, type Column } from '@backlay/front-kit/data-table';
