mod selfplay;
