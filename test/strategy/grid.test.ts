/** Grid helpers: prices round away from the touch and stay in [tick, 1 - tick]; sizes round down. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { askPrice, bidPrice, clampPrice, gridSize, isOnPriceGrid, isOnSizeGrid } from '../../src/strategy/grid.js';

const d = (s: string) => new Decimal(s);

describe('price grid', () => {
  it('rounds bids down and asks up to the tick, leaving prices on the tick alone', () => {
    expect(bidPrice(d('0.4775'), d('0.01')).toFixed()).toBe('0.47');
    expect(askPrice(d('0.5225'), d('0.01')).toFixed()).toBe('0.53');
    expect(bidPrice(d('0.47'), d('0.01')).toFixed()).toBe('0.47');
    expect(askPrice(d('0.47'), d('0.01')).toFixed()).toBe('0.47');
    expect(bidPrice(d('0.4775'), d('0.001')).toFixed()).toBe('0.477');
    expect(askPrice(d('0.4775'), d('0.001')).toFixed()).toBe('0.478');
    expect(bidPrice(d('0.4775'), d('0.05')).toFixed()).toBe('0.45');
  });

  it('clamps to [tick, 1 - tick]', () => {
    expect(clampPrice(d('0'), d('0.01')).toFixed()).toBe('0.01');
    expect(clampPrice(d('-0.2'), d('0.01')).toFixed()).toBe('0.01');
    expect(clampPrice(d('1'), d('0.01')).toFixed()).toBe('0.99');
    expect(clampPrice(d('1.005'), d('0.001')).toFixed()).toBe('0.999');
    expect(clampPrice(d('0.5'), d('0.01')).toFixed()).toBe('0.5');
  });

  it('knows what is on the price grid', () => {
    expect(isOnPriceGrid(d('0.47'), d('0.01'))).toBe(true);
    expect(isOnPriceGrid(d('0.475'), d('0.01'))).toBe(false);
    expect(isOnPriceGrid(d('0.475'), d('0.001'))).toBe(true);
    expect(isOnPriceGrid(d('0'), d('0.01'))).toBe(false);
    expect(isOnPriceGrid(d('0.99'), d('0.01'))).toBe(true);
    expect(isOnPriceGrid(d('1'), d('0.01'))).toBe(false);
  });
});

describe('size grid', () => {
  it('rounds down to the step and refuses sizes below the minimum', () => {
    expect(gridSize(d('12.345'), d('0.01'), d('5'))?.toFixed()).toBe('12.34');
    expect(gridSize(d('12.345'), d('1'), d('5'))?.toFixed()).toBe('12');
    expect(gridSize(d('5'), d('0.01'), d('5'))?.toFixed()).toBe('5');
    expect(gridSize(d('4.999'), d('0.01'), d('5'))).toBeUndefined();
    expect(gridSize(d('0.004'), d('0.01'), d('0'))).toBeUndefined();
    expect(gridSize(d('-3'), d('0.01'), d('0'))).toBeUndefined();
  });

  it('knows what is a valid order size', () => {
    expect(isOnSizeGrid(d('7.5'), d('0.01'), d('5'))).toBe(true);
    expect(isOnSizeGrid(d('4.5'), d('0.01'), d('5'))).toBe(false);
    expect(isOnSizeGrid(d('7.505'), d('0.01'), d('5'))).toBe(false);
    expect(isOnSizeGrid(d('0'), d('0.01'), d('0'))).toBe(false);
  });
});
