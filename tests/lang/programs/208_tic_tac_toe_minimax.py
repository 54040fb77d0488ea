# Exercises a tic-tac-toe game with minimax search (memoised on board strings), winner detection and a played game.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
memo = {}


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, player):
    key = (board, player)
    if key in memo:
        return memo[key]
    w = winner(board)
    if w:
        result = (1 if w == "X" else -1, None)
    elif "." not in board:
        result = (0, None)
    else:
        best = None
        for i, cell in enumerate(board):
            if cell != ".":
                continue
            nxt = board[:i] + player + board[i + 1:]
            score, _ = minimax(nxt, "O" if player == "X" else "X")
            if best is None or (player == "X" and score > best[0]) or (player == "O" and score < best[0]):
                best = (score, i)
        result = best
    memo[key] = result
    return result


def show(board):
    return "\n".join(" ".join(board[r * 3:r * 3 + 3]) for r in range(3))


board = "." * 9
player = "X"
moves = []
while not winner(board) and "." in board:
    _, move = minimax(board, player)
    moves.append(move)
    board = board[:move] + player + board[move + 1:]
    player = "O" if player == "X" else "X"
print(show(board))
print("moves:", moves, "winner:", winner(board), "value:", minimax("." * 9, "X")[0])
print(minimax("XX.OO....", "X"), minimax("XX.OO....", "O"), winner("XOXOXOXOX"), winner("XOXXOOOXX"))
print(len(memo) > 1000)
