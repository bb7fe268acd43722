module example.com/handonly

go 1.26
