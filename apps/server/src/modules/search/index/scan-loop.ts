import { INT_MAX, INT_MIN, type Scan } from './scan';

// Which facet a row fails, when it fails exactly one (properties are PROPERTY + their index).
const MAKE = 1;
const COLOR = 2;
const FUEL = 3;
const PRICE = 4;
const YEAR = 5;
const PROPERTY = 6;

/**
 * The one pass: every candidate row passing the hard filters (live, type, category, availability;
 * text chose the candidates) is checked against each facet filter; a row failing none is a match and
 * counts in every facet, a row failing exactly one counts only in that facet (so each facet's counts
 * leave out its own selection).
 */
export function runScan(s: Scan): void {
  if (s.counting && !s.markSeen && !s.makeSelected.length && !s.colorSelected.length && s.wantFuel < 0 && !s.propertyFilters.length) {
    runRangeScan(s);
    return;
  }
  runFullScan(s);
}

/**
 * The common listing question, specialised: no make, color, fuel or property filter, listed values
 * known already, so a row can only fail the price or year range. A third fewer branches per row than
 * the general loop; the answer is the same (the reference test covers both).
 */
function runRangeScan(s: Scan): void {
  const { candidates, live, typeId, categoryId, make, color, fuel, price, year, pairSlots, pairStride, blockedStamp } = s;
  const { stamp, blocked, wantType, categories, minPrice, maxPrice, minYear, maxYear } = s;
  const { matches, makeCount, colorCount, fuelCount, pairCounted, pairCount } = s;
  const scanCount = candidates.length;
  const byCategory = categories.length > 0;
  const countPairs = pairCounted.length > 0;
  let count = 0;
  let priceMin = INT_MAX;
  let priceMax = INT_MIN;
  let yearMin = INT_MAX;
  let yearMax = INT_MIN;
  for (let i = 0; i < scanCount; i++) {
    const r = candidates[i]!;
    if (!live[r]) continue;
    if (wantType >= 0 && typeId[r] !== wantType) continue;
    if (byCategory && !categories.includes(categoryId[r]!)) continue;
    if (blocked && blockedStamp[r] === stamp) continue;
    const p = price[r]!;
    const y = year[r]!;
    const priceOk = p >= minPrice && p <= maxPrice;
    const yearOk = y >= minYear && y <= maxYear;
    if (priceOk && yearOk) {
      matches[count++] = r;
      makeCount[make[r]!]!++;
      colorCount[color[r]!]!++;
      fuelCount[fuel[r]!]!++;
      if (p < priceMin) priceMin = p;
      if (p > priceMax) priceMax = p;
      if (y < yearMin) yearMin = y;
      if (y > yearMax) yearMax = y;
      if (countPairs) {
        const base = r * pairStride;
        for (let q = base; q < base + pairStride; q++) {
          const pair = pairSlots[q]!;
          if (pairCounted[pair]) pairCount[pair]!++;
        }
      }
    } else if (priceOk) {
      if (y < yearMin) yearMin = y;
      if (y > yearMax) yearMax = y;
    } else if (yearOk) {
      if (p < priceMin) priceMin = p;
      if (p > priceMax) priceMax = p;
    }
  }
  s.count = count;
  s.priceMin = priceMin;
  s.priceMax = priceMax;
  s.yearMin = yearMin;
  s.yearMax = yearMax;
}

/** The general loop: any combination of filters. */
function runFullScan(s: Scan): void {
  const { candidates, live, typeId, categoryId, make, color, fuel, price, year, pairSlots, pairStride, pairPropertyIndex, blockedStamp } =
    s;
  const {
    stamp,
    blocked,
    wantType,
    categories,
    makeSelected,
    colorSelected,
    wantFuel,
    minPrice,
    maxPrice,
    minYear,
    maxYear,
    propertyFilters,
  } = s;
  const { markSeen } = s;
  const {
    matches,
    counting,
    makeSeen,
    makeCount,
    colorSeen,
    colorCount,
    fuelSeen,
    fuelCount,
    pairCounted,
    pairSeen,
    pairCount,
    filterProperty,
  } = s;
  const scanCount = candidates.length;
  const byCategory = categories.length > 0;
  const byMake = makeSelected.length > 0;
  const byColor = colorSelected.length > 0;
  const filterCount = propertyFilters.length;
  const countPairs = pairCounted.length > 0;
  let count = 0;
  let priceMin = INT_MAX;
  let priceMax = INT_MIN;
  let yearMin = INT_MAX;
  let yearMax = INT_MIN;
  for (let i = 0; i < scanCount; i++) {
    const r = candidates[i]!;
    if (!live[r]) continue;
    if (wantType >= 0 && typeId[r] !== wantType) continue;
    if (byCategory && !categories.includes(categoryId[r]!)) continue;
    if (blocked && blockedStamp[r] === stamp) continue;

    let fails = 0;
    let failed = 0;
    const m = make[r]!;
    const c = color[r]!;
    const fu = fuel[r]!;
    const p = price[r]!;
    const y = year[r]!;
    if (byMake && !makeSelected[m]) {
      fails++;
      failed = MAKE;
    }
    if (byColor && !colorSelected[c]) {
      fails++;
      failed = COLOR;
    }
    if (wantFuel >= 0 && fu !== wantFuel) {
      fails++;
      failed = FUEL;
    }
    if (p < minPrice || p > maxPrice) {
      fails++;
      failed = PRICE;
    }
    if (y < minYear || y > maxYear) {
      fails++;
      failed = YEAR;
    }
    const base = r * pairStride;
    for (let k = 0; k < filterCount && fails < 2; k++) {
      const accepted = propertyFilters[k]!;
      let ok = false;
      for (let q = base; q < base + pairStride; q++) if (accepted[pairSlots[q]!]) ok = true;
      if (!ok) {
        fails++;
        failed = PROPERTY + k;
      }
    }

    if (fails === 0) matches[count++] = r;
    if (!counting) continue;

    // Listed values: those of every row passing the hard filters, even when counted 0.
    if (markSeen) {
      makeSeen[m] = 1;
      colorSeen[c] = 1;
      fuelSeen[fu] = 1;
      if (countPairs) {
        for (let q = base; q < base + pairStride; q++) {
          const pair = pairSlots[q]!;
          if (pairCounted[pair]) pairSeen[pair] = 1;
        }
      }
    }
    if (fails > 1) continue;

    if (fails === 0) {
      makeCount[m]!++;
      colorCount[c]!++;
      fuelCount[fu]!++;
      if (p < priceMin) priceMin = p;
      if (p > priceMax) priceMax = p;
      if (y < yearMin) yearMin = y;
      if (y > yearMax) yearMax = y;
      if (countPairs) {
        for (let q = base; q < base + pairStride; q++) {
          const pair = pairSlots[q]!;
          if (pairCounted[pair]) pairCount[pair]!++;
        }
      }
    } else if (failed === MAKE) makeCount[m]!++;
    else if (failed === COLOR) colorCount[c]!++;
    else if (failed === FUEL) fuelCount[fu]!++;
    else if (failed === PRICE) {
      if (p < priceMin) priceMin = p;
      if (p > priceMax) priceMax = p;
    } else if (failed === YEAR) {
      if (y < yearMin) yearMin = y;
      if (y > yearMax) yearMax = y;
    } else if (countPairs) {
      // Failing one property filter: counts among that property's values only.
      const property = filterProperty[failed - PROPERTY]!;
      for (let q = base; q < base + pairStride; q++) {
        const pair = pairSlots[q]!;
        if (pairCounted[pair] && pairPropertyIndex[pair] === property) pairCount[pair]!++;
      }
    }
  }
  s.count = count;
  s.priceMin = priceMin;
  s.priceMax = priceMax;
  s.yearMin = yearMin;
  s.yearMax = yearMax;
}
