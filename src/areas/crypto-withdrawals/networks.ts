/**
 * The networks a crypto withdrawal can travel, as data: the assets each
 * carries, the asset its fee is paid in, the sandbox's fixed estimate of
 * that fee (minor units of the fee asset) and the address format.
 */
export interface WithdrawalNetwork {
  assets: readonly string[];
  feeAsset: string;
  networkFee: number;
  address: RegExp;
}

const EVM = /^0x[0-9a-fA-F]{40}$/;

export const WITHDRAWAL_NETWORKS: Readonly<Record<string, WithdrawalNetwork>> = {
  // 5,000 lamports: one signature.
  SOLANA: { assets: ['USDC', 'USDT', 'SOL'], feeAsset: 'SOL', networkFee: 5_000, address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ },
  // 0.0015 ETH of gas for a token transfer.
  ETHEREUM: { assets: ['USDC', 'USDT', 'ETH'], feeAsset: 'ETH', networkFee: 1_500_000_000_000_000, address: EVM },
  BASE: { assets: ['USDC', 'ETH'], feeAsset: 'ETH', networkFee: 20_000_000_000_000, address: EVM },
  POLYGON: { assets: ['USDC', 'USDT', 'POL'], feeAsset: 'POL', networkFee: 5_000_000_000_000_000, address: EVM },
  TRON: { assets: ['USDT', 'TRX'], feeAsset: 'TRX', networkFee: 1_000_000, address: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  SPARK: { assets: ['BTC', 'USDB'], feeAsset: 'BTC', networkFee: 0, address: /^sp(rt)?1[02-9ac-hj-np-z]{20,120}$/ },
  LIGHTNING: { assets: ['BTC'], feeAsset: 'BTC', networkFee: 10, address: /^(ln(bc|tb|bcrt)[0-9a-z]{20,2000}|lnurl[0-9a-z]{20,2000}|[a-z0-9._-]{1,64}@[a-z0-9.-]{1,253})$/i },
  BITCOIN: { assets: ['BTC'], feeAsset: 'BTC', networkFee: 2_000, address: /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$|^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/ },
};

export const NETWORK_NAMES = Object.keys(WITHDRAWAL_NETWORKS);
