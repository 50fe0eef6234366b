import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { useTables } from '../api/get-tables.ts';
import { inHouseTiles } from '../in-house.ts';
import './in-house-tiles.css';

/** The in-house games of a lobby category as links to their pages; `fallback` when there are none. */
export function InHouseTiles({
  lobbyPath,
  category,
  fallback,
}: {
  lobbyPath: string;
  category: string;
  fallback: ReactNode;
}) {
  const { data } = useTables(lobbyPath !== paths.liveCasino);
  const tiles = inHouseTiles(lobbyPath, category, data?.tables ?? [], data?.crash?.paused === true);
  if (tiles.length === 0) return <>{fallback}</>;
  return (
    <ul className="in-house-tiles" data-testid="in-house-tiles">
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link to={tile.path} className="in-house-tile" data-testid="in-house-tile" data-table={tile.id}>
            <span className="in-house-mark" aria-hidden="true">
              {tile.name.slice(0, 2).toUpperCase()}
            </span>
            <span>{tile.name}</span>
            {tile.paused && <span className="in-house-badge">Paused</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
