/** GET /vasps: the VASP directory, by name, paged. */
import type { ListResult } from '../../core/pagination.js';
import { pageOfTable } from '../directory-pages.js';
import { VASPS, type VaspRow } from './vasps.data.js';
import type { VaspListQuery } from './vasps.schemas.js';

export function listVasps(query: VaspListQuery): ListResult<VaspRow> {
  return pageOfTable('vasps', VASPS.map((v) => ({ ...v })), query);
}
