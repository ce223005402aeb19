mod builder;
mod map_check;
mod scenarios;
mod selfplay;
mod units;
