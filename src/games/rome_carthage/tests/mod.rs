mod map_check;
mod selfplay;
