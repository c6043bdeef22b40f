/** The VASPs GET /vasps knows: fictional exchanges and custodians (every name carries "Sandbox"), sorted by name. */
export interface VaspRow {
  vaspName: string;
  url?: string;
}

export const VASPS: readonly VaspRow[] = [
  { vaspName: 'Sandbox Coin Custody', url: 'https://coin-custody.sandbox.example' },
  { vaspName: 'Sandbox Crypto Exchange', url: 'https://crypto-exchange.sandbox.example' },
  { vaspName: 'Sandbox Digital Assets', url: 'https://digital-assets.sandbox.example' },
  { vaspName: 'Sandbox Ledger Trust' },
  { vaspName: 'Sandbox Market', url: 'https://market.sandbox.example' },
  { vaspName: 'Sandbox Prime Brokerage', url: 'https://prime.sandbox.example' },
  { vaspName: 'Sandbox Stablecoin Bank', url: 'https://stablecoin-bank.sandbox.example' },
  { vaspName: 'Sandbox Token Vault' },
];
