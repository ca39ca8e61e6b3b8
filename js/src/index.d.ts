// SPDX-License-Identifier: Zlib
// Type declarations of the slidetab package (index.js).
/** Tiles row by row, 0 the blank. */
export type Tiles = ArrayLike<number>;
/** 'RxC' or [rows, cols]; null or omitted: the board the length names (8: 2x4, 9: 3x3, 16: 4x4, ...). */
export type Board = string | [number, number] | null;
/** Bytes of one table or pattern-database file. */
export type Bytes = ArrayBuffer | ArrayBufferView;
/** An exact table, or a pattern-database set as the array of its files in gen's order. */
export type Source = Bytes | Bytes[];

export const version: string;
/** The tables open() loads when given none. */
export const TABLES: readonly string[];
/** The pattern-database sets open() loads when given none, each with its file count ('4x4-b0-663': 3). */
export const SETS: Readonly<Record<string, number>>;

export class SlidetabError extends Error {
	/** lite's status: 2 bad argument, 3 no table, 4 damaged, 16 budget spent. */
	status: number;
	constructor(message: string, status: number);
}
export class InvalidError extends SlidetabError {}
export class NoTableError extends SlidetabError {}
export class FormatError extends SlidetabError {}
export class LimitError extends SlidetabError {}

export class DB {
	/** The board of each open table or set, 'RxC'. */
	readonly boards: string[];
	/** The nodes the last distance(), path() or hint() searched (0 when an exact table answered). */
	readonly nodes: number;
	/** The minimum number of moves, or null when the start cannot reach the goal. budget: the
	 * 15-puzzle search's node limit (0: none; LimitError when spent). */
	distance(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): number | null;
	/** The lexicographically smallest optimal path, the blank's moves 'd' 'l' 'r' 'u', or null. */
	path(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): string | null;
	/** [distance, every optimal first move in d < l < r < u order ('' at the goal)], or null. */
	hint(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): [number, string] | null;
}

/** The same calls answered in a Web Worker (a worker thread under Node), each a Promise. */
export interface WorkerDB {
	distance(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): Promise<number | null>;
	path(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): Promise<string | null>;
	hint(start: Tiles, goal?: Tiles | null, board?: Board, budget?: number): Promise<[number, string] | null>;
	boards(): Promise<string[]>;
	nodes(): Promise<number>;
	/** Ends the worker: calls under way and after it reject with a SlidetabError. */
	terminate(): void;
}

/** Opens the given tables and sets, or with none the shipped ones (2x4, 3x3, the 15 puzzle's corner class). */
export function open(sources?: Source | Source[] | null): Promise<DB>;
/** open() inside a worker. */
export function openWorker(sources?: Source | Source[] | null): Promise<WorkerDB>;
/** The shipped tables and sets, as open() takes them. */
export function shipped(): Promise<Source[]>;
/** The bytes of a file shipped beside the module ('tables/3x3-b0.tbl'). */
export function load(name: string): Promise<Uint8Array>;
