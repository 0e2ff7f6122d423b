// available = on_hand - allocated - safety_stock, never below 0: units promised to orders not yet
// shipped and the safety margin are not for sale.
// Its SQL twin is availableSql in server/db/stock.sql.ts; a test holds the two equal.
export interface StockFigures {
  onHand: number;
  allocated: number;
  safetyStock: number;
}

export const availableStock = ({ onHand, allocated, safetyStock }: StockFigures): number =>
  Math.max(0, onHand - allocated - safetyStock);
